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
import type { Language, Ruleset } from "@bulwark/core"
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
    const tags = bs.map(
      (b) => (propsOf(b)._tag as Json | undefined)?.const ?? (propsOf(b)._tag as Json | undefined)?.enum
    )
    const named = bs.some((b) => "ids" in propsOf(b) && "not" in propsOf(b))
      ? "Selector"
      : bs.length > 0 && bs.every((b) => "_tag" in propsOf(b))
        ? // core's filter, and its conditions (`Exists`, `AmountIs`, …): each named once
          JSON.stringify(tags).includes('"Exists"')
          ? "Condition"
          : JSON.stringify(tags).includes('"IsPlayer"')
            ? "Filter"
            : undefined
        : undefined
    if (named !== undefined && ![...out.values()].includes(named)) out.set(name, named)
  }
  const taken = new Set(Object.keys(defs))
  for (const [from, to] of out) if (taken.has(to) && from !== to) out.delete(from)
  return out
}

const stringsOf = (words: ReadonlyArray<string>): Json => ({ type: "string", enum: [...words] })

/**
 * The closed words and the selector forms the loader checks, written into the generated schema
 * so that it accepts what compiles (issue 28, point 6): the families, durations, occurrence
 * kinds, zones and a generic effect's categories as enums where the loader checks them; a selector's properties listed (the
 * skeleton's and the game's object keys, each a property test: a value, a list, `{ contains }`,
 * `{ min, max }` with at least one), nothing else; free `props` naming no known key; `update:
 * set:` naming the known keys only. What a JSON Schema can't say (ids the file defines, types and
 * keywords its objects have, …) stays the loader's: `test/schema-compiles.test.ts` lists it.
 */
export const tighten = (root: Json, defs: Json, language: Language.Language): void => {
  const v = language.vocabulary ?? {}
  const kinds = v.kinds === undefined ? undefined : [...new Set([...v.kinds, "cost"])]
  const zones = v.zones === undefined ? undefined : [...v.zones, "removed"]
  const objectKeys = [...new Set([...Skeleton.objectKeys, ...Object.keys(language.objects.fields)])]
  const ownKeys = objectKeys.filter((k) => k !== "props")
  const props = propsOf(root)
  const kindsAt = (p: Json) => {
    const k = p.kinds
    if (kinds !== undefined && isObject(k) && k.type === "array") k.items = stringsOf(kinds)
  }
  const familyAt = (p: Json) => {
    if (isObject(p.family) && p.family.type === "string") p.family = stringsOf(language.families)
  }
  const effect = (b: Json) => {
    const p = propsOf(b)
    if (isObject(p.duration) && p.duration.type === "string") p.duration = stringsOf(language.durations)
    // a generic effect's category: the closed list its defaults check
    const kind = isObject(p.kind)
      ? (p.kind.const ?? (p.kind.enum as Array<unknown> | undefined)?.[0])
      : undefined
    const generic = kind === "replace" || kind === "prevent"
    if (generic && v.categories !== undefined && isObject(p.category) && p.category.type === "string")
      p.category = stringsOf(v.categories)
    familyAt(p)
    kindsAt(p)
  }
  const freeProps = (p: Json) => {
    if (isObject(p.props)) p.props.propertyNames = { not: { enum: ownKeys } }
  }
  const object = (props.objects as Json | undefined)?.items
  if (isObject(object)) {
    const p = propsOf(object)
    if (zones !== undefined) p.zone = stringsOf(zones)
    freeProps(p)
  }
  const effectItems = (u: unknown) => {
    for (const b of isObject(u) && Array.isArray(u.anyOf) ? branches(u) : isObject(u) ? [u] : []) effect(b)
  }
  effectItems((props.effects as Json | undefined)?.items)
  const playerKeys = Object.keys(language.players.fields)
  for (const step of branches((props.steps as Json | undefined)?.items)) {
    const sp = propsOf(step)
    if (isObject(sp.event)) {
      const ep = propsOf(sp.event)
      familyAt(ep)
      const occ = isObject(ep.occurrences) ? ep.occurrences.items : undefined
      if (isObject(occ)) {
        familyAt(propsOf(occ))
        kindsAt(propsOf(occ))
      }
    }
    if (isObject(sp.update)) {
      const up = propsOf(sp.update)
      if (zones !== undefined) up.zone = stringsOf(zones)
      const set = up.set
      if (isObject(set) && isObject(set.additionalProperties)) {
        const value = set.additionalProperties
        const known = [...new Set([...ownKeys, ...playerKeys])].filter((k) => k !== "id")
        set.properties = {
          ...Object.fromEntries(known.map((k) => [k, value])),
          props: { type: "object", additionalProperties: (value.anyOf as Array<unknown>)?.[4] ?? {} }
        }
        set.additionalProperties = false
      }
    }
    if (isObject(sp.addEffects)) effectItems(sp.addEffects.items)
  }
  // the selector: its forms listed, the property test a definition of its own
  const selector = defs.Selector
  const form = branches(selector).find((b) => b.type === "object")
  if (form !== undefined) {
    const p = propsOf(form)
    const test = isObject(p.props) ? p.props.additionalProperties : undefined
    if (isObject(test)) {
      for (const b of branches(test))
        if (isObject(b.properties) && "min" in b.properties && "max" in b.properties) b.minProperties = 1
      defs.PropTest = test
      ;(p.props as Json).additionalProperties = { $ref: "#/$defs/PropTest" }
    }
    for (const k of ownKeys) if (!(k in p) && k !== "id") p[k] = { $ref: "#/$defs/PropTest" }
    if (zones !== undefined)
      p.zone = { anyOf: [stringsOf(zones), { type: "array", items: stringsOf(zones) }] }
    freeProps(p)
    delete form.allOf
    form.additionalProperties = false
  }
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
    const names = definitionNames(defs)
    const byName: Json = {}
    for (const [k, d] of Object.entries(defs)) byName[names.get(k) ?? k] = d
    tighten(merged, byName, ruleset.language)
    if (byName.PropTest !== undefined) defs.PropTest = byName.PropTest
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
