/** 0.1.0's provider class of `AccessListConfiguration`, kept for programs that name it. */
import { ShieldProvider } from "../kit/provider";

/**
 * The provider of `AccessListConfiguration`, as 0.1.0 exported it.
 * @deprecated Resources use the shared `ShieldProvider`; kept so that 0.1.0 callers still work.
 */
export class AccessListConfigurationProvider extends ShieldProvider {
  constructor() {
    super("AccessListConfiguration");
  }
}
