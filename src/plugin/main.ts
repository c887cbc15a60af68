/**
 * The plugin's entry point, as the engine runs it (`pulumi-resource-bunnynet-shield <engine
 * address>`): starts the server and prints its port, the one line the engine reads. Nothing
 * else goes to standard output.
 */
import { startServer } from "./server";

/** Starts the plugin; resolves once its port is printed. */
export async function main(): Promise<void> {
  // An error no call caught must not end the process silently, nor pass unnoticed.
  const report = (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  };
  process.on("uncaughtException", report);
  process.on("unhandledRejection", report);
  const { port } = await startServer();
  // As text: Node would colour a number written to a terminal.
  console.log(String(port));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`pulumi-resource-bunnynet-shield: could not start: ${String(error)}`);
    process.exit(1);
  });
}
