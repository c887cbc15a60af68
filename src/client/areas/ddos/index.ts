/** `GET /shield/ddos/enums`: the DDoS protection's enums, as the service lists them. */
import { AreaClient } from "../../area-client";
import { mappedEnumsAnswer, type MappedEnum } from "../waf-rules";

/** `client.ddos`: the DDoS protection's reference data (its settings are the shield zone's). */
export class DdosApi extends AreaClient {
  /** The DDoS enums (sensitivity, execution mode), with their values. */
  async getEnums(): Promise<MappedEnum[]> {
    return this.requestData({
      operation: "getDdosEnums",
      method: "GET",
      path: "/shield/ddos/enums",
      schema: mappedEnumsAnswer,
    });
  }
}
