/** Reading query parameters the way ASP.NET binds them. */

/** An int32 query parameter; the default when absent or empty; undefined when malformed. */
export function integerParameter(
  query: URLSearchParams,
  name: string,
  fallback: number,
): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^[+-]?\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  return value >= -0x8000_0000 && value <= 0x7fff_ffff ? value : undefined;
}
