/**
 * The YAML program of a model, for the provider plugin (no SDK needed): `Pulumi.yaml` is the
 * program itself, beside the model's files it reads with `fn::readFile`. A long list the other
 * languages read from a file, one entry per line, is written in the program: Pulumi YAML can
 * split a file's text but not drop the empty entry its last line break leaves.
 */
import { Document, isMap, isScalar, type Pair, type YAMLMap } from "yaml";
import { ProgramReference, type ProgramModel, type ProgramValue, type ProgramZone } from "../model";
import {
  programHeader,
  projectDescription,
  sortedFiles,
  wrapComment,
  zoneHeading,
} from "../program-text";
import { referencePath } from "../references";
import { kindToken, sdkPackage } from "../sdk-schema";

/** The width comments are wrapped to. */
const WIDTH = 80;

/** The files of the YAML program of `model`, by name. */
export function emitYaml(model: ProgramModel): Record<string, string> {
  const inlined = new Set<string>();
  const text = pulumiYaml(model, inlined);
  const files = Object.fromEntries(
    Object.entries(model.files).filter(([name]) => !inlined.has(name)),
  );
  return sortedFiles({ ...files, "Pulumi.yaml": text });
}

/** Text as Pulumi YAML reads it literally: `${` starts an interpolation unless written `$${`. */
const literal = (text: string): string => text.replace(/\$\{/g, "$${");

/** `value` as YAML data; `inlined` gathers the files whose lines it writes in place. */
function data(value: ProgramValue, inlined: Set<string>): unknown {
  if (value instanceof ProgramReference) {
    const { target } = value;
    if (target.type === "file") {
      if (target.lines) {
        inlined.add(target.file);
        return (value.value as string[]).map(literal);
      }
      return { "fn::readFile": `./${target.file}` };
    }
    return `\${${referencePath(target, {
      property: (name) => `.${name}`,
      // A map's key in brackets: the YAML host types `.key` on a map as the map's values.
      key: (key) => `[${JSON.stringify(key)}]`,
      index: (index) => `[${index}]`,
    })}}`;
  }
  if (typeof value === "string") return literal(value);
  if (Array.isArray(value)) return value.map((v) => data(v, inlined));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, data(v, inlined)]));
  }
  return value;
}

/** Comment lines as the YAML library writes them (`#` is added before each). */
const commentOf = (texts: readonly string[], indent: number): string =>
  texts
    .flatMap((t) => wrapComment(t, indent, WIDTH, 2))
    .map((line) => ` ${line}`)
    .join("\n");

function pulumiYaml(model: ProgramModel, inlined: Set<string>): string {
  const { name } = sdkPackage();
  const variables: Record<string, unknown> = {};
  const resources: Record<string, unknown> = {};
  /** Comments above each resource, by name; those left after the last resource of a zone. */
  const comments = new Map<string, string[]>();
  const trailing: string[] = [];
  const argumentComments = new Map<string, Map<string, readonly string[]>>();

  for (const zone of model.zones) declareZone(zone);
  function declareZone(zone: ProgramZone) {
    let pending = [zoneHeading(zone)];
    for (const statement of zone.statements) {
      if (statement.type === "comment") pending.push(statement.text);
      else if (statement.type === "lookup") {
        variables[statement.variable] = {
          "fn::invoke": {
            function: `${name}:${statement.function}`,
            arguments: data(statement.args as ProgramValue, inlined),
          },
        };
      } else {
        resources[statement.name] = {
          type: kindToken(statement.kind).replace(":index:", ":"),
          properties: Object.fromEntries(
            statement.args.map((a) => [a.name, data(a.value, inlined)]),
          ),
        };
        comments.set(statement.name, [...pending, ...statement.comments]);
        pending = [];
        const commented = statement.args.filter((a) => a.comments.length > 0);
        if (commented.length > 0) {
          argumentComments.set(statement.name, new Map(commented.map((a) => [a.name, a.comments])));
        }
      }
    }
    trailing.push(...pending);
  }

  const document = new Document({
    name: model.project,
    description: projectDescription(model),
    runtime: "yaml",
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
    resources,
  });
  const header = programHeader(model);
  document.commentBefore = header.map((p) => commentOf([p], 0)).join("\n\n");
  const resourceMap = document.get("resources") as YAMLMap;
  resourceMap.items.forEach((pair, i) => {
    const key = pair.key as { value: string; commentBefore?: string; spaceBefore?: boolean };
    const above = comments.get(key.value) ?? [];
    if (above.length > 0) key.commentBefore = commentOf(above, 2);
    if (i > 0) key.spaceBefore = true;
    const argComments = argumentComments.get(key.value);
    if (argComments && isMap(pair.value)) {
      const properties = pair.value.get("properties");
      if (isMap(properties)) {
        for (const property of properties.items as Pair[]) {
          if (!isScalar(property.key)) continue;
          const lines = argComments.get(String(property.key.value));
          if (lines) property.key.commentBefore = commentOf(lines, 6);
        }
      }
    }
  });
  if (trailing.length > 0) resourceMap.comment = commentOf(trailing, 2);
  return document.toString({ lineWidth: 0 });
}
