/**
 * `GET /shield/promo/state`: the account's promotion state. The spec documents a 200 without a
 * body, and that is what the emulator sends; the client passes on whatever JSON the service
 * sends.
 */
import { pathPattern, defineRoutes } from "../../route";

export const promoRoutes = defineRoutes([
  {
    name: "getPromoState",
    method: "GET",
    pattern: pathPattern("/shield/promo/state"),
    constraints: {},
    handler: () => ({ status: 200, contentType: "application/json; charset=utf-8", body: "" }),
    envelope: "status",
  },
]);
