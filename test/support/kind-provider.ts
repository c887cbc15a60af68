/** A fresh emulator per test, and a provider of one resource kind configured for it. */
import { startEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator";
import { ShieldProvider, type Kind } from "../../src/resources";

/**
 * Registers hooks (call it inside a `describe`): before each test, the `BUNNYNET_*`
 * variables are cleared, an emulator starts and a provider of `kind` is configured as the
 * plugin does, from stack config; after it, the emulator closes and the variables come back.
 */
export function useKindProvider(
  kind: Kind,
  options?: EmulatorOptions,
): () => { emu: Emulator; provider: ShieldProvider } {
  let current: { emu: Emulator; provider: ShieldProvider } | undefined;
  const saved = { key: process.env.BUNNYNET_API_KEY, url: process.env.BUNNYNET_API_URL };
  beforeEach(async () => {
    delete process.env.BUNNYNET_API_KEY;
    delete process.env.BUNNYNET_API_URL;
    const emu = await startEmulator(options);
    const provider = new ShieldProvider(kind);
    const config: Record<string, string> = {
      "bunnynet:apiKey": emu.apiKey,
      "bunnynet:apiUrl": emu.url,
    };
    await provider.configure({ config: { get: (k) => config[k], require: (k) => config[k] } });
    current = { emu, provider };
  });
  afterEach(async () => {
    await current?.emu.close();
    current = undefined;
    if (saved.key !== undefined) process.env.BUNNYNET_API_KEY = saved.key;
    if (saved.url !== undefined) process.env.BUNNYNET_API_URL = saved.url;
  });
  return () => {
    if (!current) throw new Error("no provider: use it inside a test");
    return current;
  };
}
