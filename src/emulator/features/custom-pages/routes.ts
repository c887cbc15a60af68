/** The custom response page routes of a zone. */
import { zoneInPath, defineRoutes } from "../../route";
import { deleteCustomPage, getCustomPage, uploadCustomPage } from "./pages";

const PATTERN =
  /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/custom-page\/(?<pageType>[^/]+)\/?$/i;
const PAGE = {
  pattern: PATTERN,
  constraints: { shieldZoneId: "int32" },
  envelope: "status",
} as const;

/** GET, PUT and DELETE of one page; the writes hold the zone. */
export const customPageRoutes = defineRoutes([
  { name: "getCustomPage", method: "GET", handler: getCustomPage, ...PAGE },
  {
    name: "uploadCustomPage",
    method: "PUT",
    handler: uploadCustomPage,
    writes: zoneInPath,
    ...PAGE,
  },
  {
    name: "deleteCustomPage",
    method: "DELETE",
    handler: deleteCustomPage,
    writes: zoneInPath,
    ...PAGE,
  },
]);
