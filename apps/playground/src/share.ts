/**
 * The scenario in the URL: `#f=<ruleset>/<CASE>` for an unedited bundled scenario, or
 * `#s=<deflated YAML, base64url>` for any text; `&a=<answers>` keeps the decisions made on the
 * page and `&m=script` the mode, so a ruling can be shared as a link.
 */
import type { Decision } from "@bulwark/core"

/** What the URL hash holds. */
export interface Shared {
  readonly file?: string
  readonly text?: string
  readonly answers: ReadonlyArray<Decision.Answer>
  readonly mode: "ask" | "script"
}

const toBase64Url = (bytes: Uint8Array): string => {
  let bin = ""
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const fromBase64Url = (s: string): Uint8Array => {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/")
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4))
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

const pipe = async (
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream
): Promise<Uint8Array> => {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream)
  return new Uint8Array(await new Response(body).arrayBuffer())
}

/** Compresses a text (deflate) into a URL-safe string. */
export const pack = async (text: string): Promise<string> =>
  toBase64Url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate")))

/** The inverse of {@link pack}; `undefined` if the string is not a packed text. */
export const unpack = async (packed: string): Promise<string | undefined> => {
  try {
    return new TextDecoder().decode(await pipe(fromBase64Url(packed), new DecompressionStream("deflate")))
  } catch {
    return undefined
  }
}

/** Builds the URL hash (without `#`). */
export const toHash = async (shared: Shared): Promise<string> => {
  const p = new URLSearchParams()
  if (shared.text !== undefined) p.set("s", await pack(shared.text))
  else if (shared.file !== undefined) p.set("f", shared.file)
  if (shared.answers.length > 0)
    p.set("a", toBase64Url(new TextEncoder().encode(JSON.stringify(shared.answers))))
  if (shared.mode === "script") p.set("m", "script")
  return p.toString()
}

const isAnswer = (u: unknown): u is Decision.Answer =>
  typeof u === "string" ||
  typeof u === "boolean" ||
  (typeof u === "object" &&
    u !== null &&
    !Array.isArray(u) &&
    Object.values(u).every((v) => typeof v === "number" && Number.isInteger(v) && v >= 0))

/** Reads a URL hash (with or without `#`); unknown or broken parts are ignored. */
export const fromHash = async (hash: string): Promise<Shared> => {
  const p = new URLSearchParams(hash.replace(/^#/, ""))
  const s = p.get("s")
  const f = p.get("f")
  const a = p.get("a")
  let answers: ReadonlyArray<Decision.Answer> = []
  if (a !== null) {
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(a)))
      if (Array.isArray(parsed) && parsed.every(isAnswer)) answers = parsed
    } catch {
      answers = []
    }
  }
  const text = s === null ? undefined : await unpack(s)
  return {
    ...(text !== undefined ? { text } : {}),
    ...(f !== null ? { file: f } : {}),
    answers,
    mode: p.get("m") === "script" ? "script" : "ask"
  }
}
