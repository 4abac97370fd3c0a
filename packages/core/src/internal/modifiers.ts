/**
 * How an object records the continuous modifiers of its number properties (the `Modifiers`
 * module's layer): a property `modifier:<id>` holding `[prop, delta, until]`, the property itself
 * holding its base plus every recorded delta. Shared by `Modifiers` (which adds and ends them)
 * and `Identity` (whose new object records none).
 *
 * @internal
 */

/** The prefix of a modifier's record among an object's properties. */
export const PREFIX = "modifier:"

const num = (v: unknown): number => (typeof v === "number" ? v : 0)

/**
 * The properties without their recorded modifiers: each modified property less the deltas
 * recorded for it, the records removed. The same object when it records none.
 */
export const withoutModifiers = (
  props: Readonly<Record<string, unknown>>
): Readonly<Record<string, unknown>> => {
  let out: Record<string, unknown> | undefined
  for (const [k, v] of Object.entries(props)) {
    if (!k.startsWith(PREFIX) || !Array.isArray(v)) continue
    const [prop, delta] = v as ReadonlyArray<string>
    out ??= { ...props }
    if (prop !== undefined) out[prop] = num(out[prop]) - Number(delta)
    delete out[k]
  }
  return out ?? props
}
