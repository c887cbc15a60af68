/** The package's Pulumi resources. */
export { AccessListConfiguration } from "./access-list-configuration";
export type { AccessListConfigurationArgs } from "./access-list-configuration";
export { AccessListConfigurationProvider } from "./access-list-configuration-provider";
export { ON_DELETE_CHOICES } from "./access-list-configuration-lifecycle";
export type {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
  ActionName,
  OnDelete,
} from "./access-list-configuration-lifecycle";
