/**
 * The effect categories of Magic (CR 616.1's tiers), read by the ordering policy and the generic
 * effects' defaults.
 *
 * @internal
 */
/**
 * The effect categories of this ruleset. The first four are the tiers of CR 616.1a–d (applied
 * before any other); `prevention` and `replacement` are both 616.1e ("any of the applicable
 * replacement and/or prevention effects may be chosen"). `cantBePrevented` is not a replacement
 * effect at all ("damage can't be prevented", CR 615.12): it is applied before any of them.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.Category.selfReplacement // "self-replacement"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Category = {
  selfReplacement: "self-replacement",
  controlOnEntering: "control-on-entering",
  copyOnEntering: "copy-on-entering",
  backFaceUp: "back-face-up",
  prevention: "prevention",
  replacement: "replacement",
  cantBePrevented: "cant-be-prevented"
} as const

/**
 * A category name (see {@link Category}).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/mtg"
 * const c: Effects.CategoryName = "prevention"
 * ```
 * @since 0.1.0
 * @category model
 */
export type CategoryName = (typeof Category)[keyof typeof Category]
