/**
 * The JSON Schema of a ruleset's scenario files, for editor completion and validation.
 *
 * A ruleset in the one scenario language (it has a `language`) gets the skeleton's schema
 * (`Skeleton.documentSchema`): the same top-level properties for every ruleset — the generic keys
 * (`format`, `ruleset`, `title`, `description`, `decisions`, `strategy`, `budget`, `expect`),
 * then `players`, `turn`, `objects`, `effects`, `steps` — with `format`, `ruleset` and `players`
 * required, and every effect a branch told apart by `kind` (a `const` per branch). A ruleset that
 * still reads format 1 gets its own schema merged with the generic keys.
 *
 * @module
 */
import type { Ruleset } from "@bulwark/core"
import { Scenario, Skeleton } from "@bulwark/scenario"
import { Schema } from "effect"

type Json = Record<string, unknown>

const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

// `#/definitions/X` → `#/$defs/X` (draft 2020-12), a one-value `enum` → `const`, and the
// definitions' generated names replaced by `rename`.
const rewrite = (u: unknown, rename: ReadonlyMap<string, string>): unknown => {
  if (Array.isArray(u)) return u.map((x) => rewrite(x, rename))
  if (!isObject(u)) return u
  const out: Json = {}
  const single = Array.isArray(u.enum) && u.enum.length === 1
  for (const [k, v] of Object.entries(u)) {
    if (k === "$ref" && typeof v === "string") {
      const name = v.replace(/^#\/(definitions|\$defs)\//, "")
      out[k] = `#/$defs/${rename.get(name) ?? name}`
    } else if (single && k === "enum") out.const = (v as Array<unknown>)[0]
    else if (single && k === "type") continue
    else out[k] = rewrite(v, rename)
  }
  return out
}

const mergeGeneric = (target: Json, generic: Json, id: string): Json => {
  if (target.type !== "object" || !isObject(target.properties)) return target
  const gProps = { ...(generic.properties as Json), ruleset: { const: id, description: "The ruleset" } }
  const required = [...new Set(["ruleset", ...((target.required as Array<string> | undefined) ?? [])])]
  return { ...target, properties: { ...gProps, ...(target.properties as Json) }, required }
}

const branches = (def: unknown): ReadonlyArray<Json> =>
  isObject(def) && Array.isArray(def.anyOf) ? (def.anyOf as Array<unknown>).filter(isObject) : []

const propsOf = (u: Json): Json => (isObject(u.properties) ? u.properties : {})

// The generated definition names (`Union_`, `Union_1`) say nothing in an editor: the selector
// (`to:`, `from:`: an id, a list of ids or properties) and core's filter (`filter:`) are named.
const definitionNames = (defs: Json): ReadonlyMap<string, string> => {
  const out = new Map<string, string>()
  for (const [name, def] of Object.entries(defs)) {
    const bs = branches(def)
    if (bs.some((b) => "ids" in propsOf(b) && "not" in propsOf(b))) out.set(name, "Selector")
    else if (bs.length > 0 && bs.every((b) => "_tag" in propsOf(b))) out.set(name, "Filter")
  }
  const taken = new Set(Object.keys(defs))
  for (const [from, to] of out) if (taken.has(to) && from !== to) out.delete(from)
  return out
}

/** The generic keys of a format-2 file: `format` and `ruleset` fixed, the rest as the library reads them. */
const genericFields = (id: string): Schema.Struct.Fields => ({
  format: Schema.Literal(Skeleton.FORMAT).annotate({
    description: `The scenario format: ${Skeleton.FORMAT} (a file without it is format 1; run \`bulwark migrate\`)`
  }),
  ruleset: Schema.Literal(id).annotate({ description: "The ruleset" }),
  ...Object.fromEntries(
    Object.entries(Scenario.GenericSchema.fields).filter(([k]) => k !== "format" && k !== "ruleset")
  )
})

/** Builds the JSON Schema (draft 2020-12) document of a ruleset's scenario files. */
export const scenarioJsonSchema = (ruleset: Ruleset.AnyRuleset): Json => {
  let merged: Json
  let defs: Json
  if (ruleset.language !== undefined) {
    const doc = Schema.toJsonSchemaDocument(
      Skeleton.documentSchema(ruleset.language, genericFields(ruleset.id)),
      { onExcessProperty: "error" }
    )
    defs = { ...(doc.definitions as Json) }
    merged = doc.schema as Json
  } else {
    const generic = Schema.toJsonSchemaDocument(Scenario.GenericSchema, { onExcessProperty: "error" })
    const own = Schema.toJsonSchemaDocument((ruleset.schema ?? Schema.Struct({})) as Schema.Top, {
      onExcessProperty: "error"
    })
    defs = { ...(generic.definitions as Json), ...(own.definitions as Json) }
    let root = own.schema as Json
    const ref = root.$ref
    if (typeof ref === "string" && ref.startsWith("#/definitions/")) {
      const target = defs[ref.slice("#/definitions/".length)]
      if (isObject(target)) root = target
    }
    const g = generic.schema as Json
    merged = Array.isArray(root.anyOf)
      ? {
          ...root,
          anyOf: (root.anyOf as Array<unknown>).map((b) => (isObject(b) ? mergeGeneric(b, g, ruleset.id) : b))
        }
      : mergeGeneric(root, g, ruleset.id)
  }
  const rename = definitionNames(defs)
  const named: Json = {}
  for (const [k, v] of Object.entries(defs)) named[rename.get(k) ?? k] = v
  return rewrite(
    {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      title: `Bulwark scenario (${ruleset.name})`,
      description: `A ${ruleset.name} scenario file for Bulwark (${ruleset.rulesVersion}). ${ruleset.description}`,
      ...merged,
      ...(Object.keys(named).length === 0 ? {} : { $defs: named })
    },
    rename
  ) as Json
}
