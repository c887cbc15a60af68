/**
 * The access list actions by number, as the API documents them (0 None … 5 Bypass),
 * written out here so that tests do not check the package against itself.
 */
export const ACTION_NAMES = ["None", "Allow", "Block", "Challenge", "Log", "Bypass"] as const;
