/**
 * The JSON Schema of a ruleset's scenario files: the generic keys (`ruleset`, `title`, …) merged
 * with the ruleset's own vocabulary, for editor completion and validation.
 *
 * @module
 */
import type { Ruleset } from "@bulwark/core"
import { Scenario, Skeleton } from "@bulwark/scenario"
import { Schema } from "effect"

type Json = Record<string, unknown>

const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

const rewriteRefs = (u: unknown): unknown => {
  if (Array.isArray(u)) return u.map(rewriteRefs)
  if (!isObject(u)) return u
  const out: Json = {}
  for (const [k, v] of Object.entries(u)) {
    if (k === "$ref" && typeof v === "string") out[k] = v.replace(/^#\/definitions\//, "#/$defs/")
    else out[k] = rewriteRefs(v)
  }
  return out
}

const mergeGeneric = (target: Json, generic: Json, id: string): Json => {
  if (target.type !== "object" || !isObject(target.properties)) return target
  const gProps = { ...(generic.properties as Json), ruleset: { const: id, description: "The ruleset" } }
  const required = [...new Set(["ruleset", ...((target.required as Array<string> | undefined) ?? [])])]
  return { ...target, properties: { ...gProps, ...(target.properties as Json) }, required }
}

/** Builds the JSON Schema (draft 2020-12) document of a ruleset's scenario files. */
export const scenarioJsonSchema = (ruleset: Ruleset.AnyRuleset): Json => {
  const generic = Schema.toJsonSchemaDocument(Scenario.GenericSchema, { onExcessProperty: "error" })
  const own = Schema.toJsonSchemaDocument(
    ruleset.language !== undefined
      ? Skeleton.documentSchema(ruleset.language, {})
      : ((ruleset.schema ?? Schema.Struct({})) as Schema.Top),
    { onExcessProperty: "error" }
  )
  const defs: Json = { ...(generic.definitions as Json), ...(own.definitions as Json) }
  let root = own.schema as Json
  const ref = root.$ref
  if (typeof ref === "string" && ref.startsWith("#/definitions/")) {
    const target = defs[ref.slice("#/definitions/".length)]
    if (isObject(target)) root = target
  }
  const g = generic.schema as Json
  let merged: Json
  if (Array.isArray(root.anyOf))
    merged = {
      ...root,
      anyOf: (root.anyOf as Array<unknown>).map((b) => (isObject(b) ? mergeGeneric(b, g, ruleset.id) : b))
    }
  else merged = mergeGeneric(root, g, ruleset.id)
  return rewriteRefs({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: `Bulwark scenario (${ruleset.name})`,
    description: `A ${ruleset.name} scenario file for Bulwark (${ruleset.rulesVersion}). ${ruleset.description}`,
    ...merged,
    ...(Object.keys(defs).length === 0 ? {} : { $defs: defs })
  }) as Json
}
