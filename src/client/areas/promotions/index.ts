/** `GET /shield/promo/state`: the account's promotion state. */
import { AreaClient } from "../../area-client";
import { unread } from "../../schemas";

/** `client.promotions`: the account's Shield promotions. */
export class PromotionsApi extends AreaClient {
  /**
   * The account's promotion state, as the service sends it (its shape is not documented:
   * the spec gives a 200 without a body); undefined when the answer is empty.
   */
  async getState(): Promise<unknown> {
    return this.request({
      operation: "getPromoState",
      method: "GET",
      path: "/shield/promo/state",
      schema: unread,
    });
  }
}
