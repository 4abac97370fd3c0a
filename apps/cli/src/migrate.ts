/**
 * `bulwark migrate`: rewriting scenario files of an older format in the current one, in place,
 * with `Migrate.migrateText` from `@bulwark/scenario` (comments and key order kept, JSON stays
 * JSON, indented as it was; CRLF line ends and a byte-order mark kept).
 *
 * It keeps what it touches:
 *
 * - **All or nothing.** Every file is migrated and its result loaded in memory first; only when
 *   none failed is anything written. Then every new file is written beside its original (a
 *   hidden temporary file with a unique name, created with `O_EXCL`: nothing that exists is
 *   overwritten), and only when all are written is each renamed over its original. If a rename
 *   fails half-way, the files already renamed are put back (each original is kept as a hard link
 *   until the end, so putting it back is a rename too, with nothing to write) and no file has
 *   changed. A file replaced by a rename is whole at every moment: a run killed at any point
 *   leaves each file either as it was or migrated, never half-written (a killed run may leave a
 *   hidden `.name.*.migrating` or `.name.*.original` file beside it, which can be deleted).
 * - **Modes, owner and group** of a file are given to its new version.
 * - **Hard links are refused**: a file with more than one link is not migrated (a new file
 *   renamed over one of its names would split it from the others, and writing into the file in
 *   place could leave it half-written); the message says how to migrate it.
 * - **Read-only files are refused** (no write permission bit, or not writable by this user): a
 *   file is never made writable to be migrated. So is a file in a folder this user can't write
 *   in, and a file of another user (its new version could not keep its owner).
 * - **Symbolic links**: a link is followed and its target migrated when the target is inside
 *   the files and folders given (a link and its target given both are migrated once); a link to a
 *   file outside them is refused, named, and nothing is written.
 * - A file that changed between its reading and its writing stops the run, nothing written.
 *
 * @module
 */
import { randomBytes } from "node:crypto"
import * as nodeFs from "node:fs"
import { basename, dirname, join, resolve, sep } from "node:path"
import type { Ruleset } from "@bulwark/core"
import { Migrate, parseScenario, Scenario, ScenarioError, SourceMap } from "@bulwark/scenario"
import { loadFile } from "@bulwark/scenario/node"
import { Effect, Result } from "effect"
import * as Reader from "./reader.js"

/** What a file was when it was read: its identity, size, time, mode, owner and links. */
export interface Snapshot {
  readonly dev: number
  readonly ino: number
  readonly size: number
  readonly mtimeMs: number
  readonly mode: number
  readonly uid: number
  readonly gid: number
}

/**
 * What migrating one file gives: `Current` (already in the current format: left byte-identical),
 * `Changed` (the new text, ready to write into `target`: the file itself, or the file a link
 * names) or `Failed` (why, located as `file:line:column`).
 */
export type Planned =
  | { readonly _tag: "Current"; readonly file: string }
  | {
      readonly _tag: "Changed"
      readonly file: string
      readonly target: string
      readonly text: string
      readonly from: number
      readonly original: Uint8Array
      readonly stat: Snapshot
    }
  | { readonly _tag: "Failed"; readonly file: string; readonly message: string }

/** Options of {@link plan}: the files and folders given (a link may point inside them), and whether the files will be written. */
export interface PlanOptions {
  readonly roots?: ReadonlyArray<string>
  readonly write?: boolean
}

const located = (file: string, line: number | undefined, column: number | undefined): string =>
  line === undefined ? file : `${file}:${line}:${column ?? 1}`

const realOrResolved = (p: string): string => {
  try {
    return nodeFs.realpathSync(p)
  } catch {
    return resolve(p)
  }
}

/** The real paths of the files and folders given, for {@link plan}'s `roots`. */
export const rootsOf = (paths: ReadonlyArray<string>): ReadonlyArray<string> => paths.map(realOrResolved)

const inside = (target: string, roots: ReadonlyArray<string>): boolean =>
  roots.some((r) => target === r || target.startsWith(r.endsWith(sep) ? r : `${r}${sep}`))

const euid = (): number | undefined => process.geteuid?.()

const failed = (file: string, why: string): Planned => ({
  _tag: "Failed",
  file,
  message: `${file}: can't migrate: ${why}`
})

// A problem found in the migrated text, placed where it is in the file on disk.
const placed = (e: ScenarioError.ScenarioError, origin: NonNullable<Migrate.Migrated["origin"]>): string => {
  switch (e._tag) {
    case "SchemaMismatch":
      return new ScenarioError.SchemaMismatch({
        file: e.file,
        issues: e.issues.map((i) => ({ ...i, ...origin(SourceMap.parsePath(i.path)) }))
      }).message
    case "CompileFailed":
      return new ScenarioError.CompileFailed({
        file: e.file,
        path: e.path,
        reason: e.reason,
        ...origin(SourceMap.parsePath(e.path))
      }).message
    default:
      return e.message
  }
}

// A second name of the file kept by a migrate that was stopped before it could delete it.
const leftOriginal = (target: string, st: nodeFs.Stats): string | undefined => {
  const prefix = `.${basename(target)}.`
  try {
    for (const name of nodeFs.readdirSync(dirname(target))) {
      if (!name.startsWith(prefix) || !/^[0-9a-f]{12}\.original$/.test(name.slice(prefix.length))) continue
      const p = join(dirname(target), name)
      const other = nodeFs.lstatSync(p)
      if (other.ino === st.ino && other.dev === st.dev) return p
    }
  } catch {
    // the folder can't be listed: no hint
  }
  return undefined
}

// Why a file can't be replaced by a new one as it is, or undefined.
const unwritable = (target: string, st: nodeFs.Stats): string | undefined => {
  if (st.nlink > 1) {
    const left = leftOriginal(target, st)
    return `it has ${st.nlink} hard links, and migrate replaces a file by a new one (so that it is never half-written), which would split it from its other names; ${left === undefined ? "migrate a copy (cp it to a new name, migrate that) and copy the result back over it (cp writes into the same file)" : `one of them is ${left}, left by a migrate that was stopped: delete it and run migrate again`}`
  }
  const mode = (st.mode & 0o7777).toString(8).padStart(4, "0")
  let writable = (st.mode & 0o222) !== 0
  if (writable)
    try {
      nodeFs.accessSync(target, nodeFs.constants.W_OK)
    } catch {
      writable = false
    }
  if (!writable)
    return `it is read-only (mode ${mode}); migrate does not make a file writable: make it writable (chmod u+w) to migrate it`
  const me = euid()
  if (me !== undefined && me !== 0 && st.uid !== me)
    return `it belongs to another user (uid ${st.uid}), and its new version would be yours; migrate it as its owner`
  try {
    nodeFs.accessSync(dirname(target), nodeFs.constants.W_OK)
  } catch {
    return `its folder ${dirname(target)} is not writable (migrate writes the new version beside the file, then renames it over)`
  }
  return undefined
}

/**
 * Migrates one file in memory. A file that is unreadable or not UTF-8 fails as loading it
 * would; a file `Migrate.migrateText` refuses fails where it points; a migrated text that does
 * not load as a scenario of the current format (the file was not a valid scenario in its own
 * format either, or the migration is wrong) fails with the loader's message, its places those of
 * the file on disk — nothing is written that `check` would refuse. A link is followed when its
 * target is inside `roots` (by default the file itself), refused otherwise. With `write`, a file
 * that would change but can't be replaced as it is (hard links, read-only, another user's, in a
 * folder that can't be written) fails, naming why.
 */
export const plan = (
  file: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: PlanOptions = {}
): Planned => {
  const work = planSteps(file, rulesets, options)
  for (let r = work.next(); ; ) {
    if (r.done === true) return r.value
    r = work.next(answerNow(r.value, rulesets))
  }
}

/** Answers a {@link PlanRequest} at once, in this thread (its phases said, `Reader.phase`). */
const answerNow = (asked: PlanRequest, rulesets: ReadonlyArray<Ruleset.AnyRuleset>): PlanAnswer => {
  if (asked._tag === "Load") {
    Reader.phase("decoding", asked.file)
    const loaded = parseScenario(asked.text, asked.file, rulesets)
    Reader.phase("loaded", asked.file)
    return loaded
  }
  Reader.phase("migrating", asked.file)
  const m = Migrate.migrateText(asked.text)
  Reader.phase("migrated", asked.file)
  return m
}

/**
 * {@link plan} for `bulwark migrate`, as an effect that a signal stops: a file of `workerBytes`
 * or more is migrated in a worker thread (`Reader.migrateInWorker`: the migrated text is read
 * there too) and then decoded and compiled with `Scenario.loadDocumentEffect` (turns of the
 * event loop); a smaller file is planned at once, under `now` (the CLI's `blocking`: Ctrl-C
 * ends it). The same plan as {@link plan}; a problem of a big file's migrated text is placed in
 * the file on disk by migrating its text again, here.
 */
export const planEffect = (
  file: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: PlanOptions,
  workerBytes: number,
  now: <A>(work: () => A) => Effect.Effect<A>
): Effect.Effect<Planned> =>
  Effect.suspend(() => {
    const work = planSteps(file, rulesets, options)
    let inWorker: Reader.MigratedInWorker | undefined
    const answer = (asked: PlanRequest): Effect.Effect<PlanAnswer> => {
      if (asked.bytes < workerBytes || !Reader.available()) return now(() => answerNow(asked, rulesets))
      if (asked._tag === "Migrate") {
        Reader.phase("migrating", `${file} in a worker thread`)
        return Effect.map(Reader.migrateInWorker(file, asked.text), (r) => {
          Reader.phase("migrated", file)
          if (Result.isFailure(r)) return Result.fail(r.failure)
          inWorker = r.success
          return Result.succeed(withOrigin(asked.text, r.success))
        })
      }
      const read = inWorker?.read
      if (read === undefined) return now(() => answerNow(asked, rulesets))
      if (Result.isFailure(read)) return Effect.succeed(read)
      Reader.phase("decoding", file)
      return Effect.map(Scenario.loadDocumentEffect(read.success, asked.text, file, rulesets), (r) => {
        Reader.phase("loaded", file)
        return r
      })
    }
    const step = (given: PlanAnswer | undefined): Effect.Effect<Planned> => {
      const r = given === undefined ? work.next() : work.next(given)
      return r.done === true ? Effect.succeed(r.value) : Effect.flatMap(answer(r.value), step)
    }
    return step(undefined)
  })

/** A worker's migration of `text` made whole again: its `origin` found by migrating `text` here, when first asked. */
const withOrigin = (text: string, r: Reader.MigratedInWorker): Migrate.Migrated => {
  if (!r.migrated.changed) return { ...r.migrated, text }
  let origin: Migrate.Migrated["origin"]
  const placeIn = (path: ReadonlyArray<string | number>) => {
    if (origin === undefined) {
      const again = Migrate.migrateText(text)
      origin = Result.isSuccess(again) ? again.success.origin : undefined
    }
    return origin?.(path) ?? { line: 1, column: 1 }
  }
  return { ...r.migrated, origin: placeIn }
}

/**
 * What {@link planSteps} asks for, in turn: the migration of the file's text
 * (`Migrate.migrateText`), then the loading of the migrated text (`parseScenario`) when it
 * changed. `bytes`: the file's size.
 */
export type PlanRequest =
  | { readonly _tag: "Migrate"; readonly file: string; readonly text: string; readonly bytes: number }
  | { readonly _tag: "Load"; readonly file: string; readonly text: string; readonly bytes: number }

/** The answer to a {@link PlanRequest}: the migration, or the loading (only its error is read). */
export type PlanAnswer =
  | Result.Result<Migrate.Migrated, Migrate.MigrateError>
  | Result.Result<unknown, ScenarioError.ScenarioError>

/**
 * {@link plan}, as work that asks its caller for its two long stretches (a {@link PlanRequest}
 * each): `plan` answers them at once; `bulwark migrate` answers a big file's in a worker thread
 * and with `Scenario.loadDocumentEffect`, so that a signal stops it there.
 */
export function* planSteps(
  file: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: PlanOptions = {}
): Generator<PlanRequest, Planned, PlanAnswer> {
  const roots = options.roots ?? rootsOf([file])
  let target = file
  try {
    if (nodeFs.lstatSync(file).isSymbolicLink()) {
      target = nodeFs.realpathSync(file)
      if (!inside(target, roots))
        return failed(
          file,
          `it is a symbolic link to ${target}, outside the files and folders given; migrate writes only inside them (give ${target} or its folder to migrate it)`
        )
    }
  } catch {
    // a dangling link, or no such file: reading it says why
  }
  let st: nodeFs.Stats | undefined
  try {
    st = nodeFs.statSync(target)
  } catch {
    st = undefined
  }
  if (st !== undefined && !st.isFile() && !st.isDirectory())
    return failed(file, "it is not a regular file (a pipe, a socket or a device is never read)")
  let bytes: Uint8Array
  try {
    bytes = nodeFs.readFileSync(target)
  } catch {
    const r = loadFile(file, rulesets)
    return { _tag: "Failed", file, message: Result.isFailure(r) ? r.failure.message : `${file}: unreadable` }
  }
  let text: string
  try {
    // the byte-order mark, if any, is kept: migrateText writes it back
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    const r = loadFile(file, rulesets)
    return {
      _tag: "Failed",
      file,
      message: Result.isFailure(r) ? r.failure.message : `${file}: not valid UTF-8`
    }
  }
  const m = (yield { _tag: "Migrate", file, text, bytes: bytes.length }) as Result.Result<
    Migrate.Migrated,
    Migrate.MigrateError
  >
  if (Result.isFailure(m))
    return {
      _tag: "Failed",
      file,
      message: `${located(file, m.failure.line, m.failure.column)}: can't migrate: ${m.failure.reason.replace(/ at line \d+, column \d+:?$/, "")}`
    }
  if (!m.success.changed) return { _tag: "Current", file }
  const loaded = (yield {
    _tag: "Load",
    file,
    text: m.success.text.replace(/^\uFEFF/, ""),
    bytes: bytes.length
  }) as Result.Result<unknown, ScenarioError.ScenarioError>
  if (Result.isFailure(loaded)) {
    const origin = m.success.origin
    return {
      _tag: "Failed",
      file,
      message: `${file}: can't migrate: the file in format ${m.success.to} would not load (shown at its places in the file as it is):\n${origin === undefined ? loaded.failure.message : placed(loaded.failure, origin)}`
    }
  }
  if (st === undefined) return failed(file, "it disappeared while it was read")
  if (options.write === true) {
    const why = unwritable(target, st)
    if (why !== undefined) return failed(file, why)
  }
  return {
    _tag: "Changed",
    file,
    target,
    text: m.success.text,
    from: m.success.from,
    original: bytes,
    stat: {
      dev: st.dev,
      ino: st.ino,
      size: st.size,
      mtimeMs: st.mtimeMs,
      mode: st.mode,
      uid: st.uid,
      gid: st.gid
    }
  }
}

/**
 * The file-system calls {@link replaceAll} makes (node's `fs` by default; a test gives one
 * that fails on the n-th call to show that nothing is half-applied).
 */
export type Fs = Pick<
  typeof nodeFs,
  | "openSync"
  | "writeSync"
  | "fsyncSync"
  | "fchmodSync"
  | "fchownSync"
  | "fstatSync"
  | "closeSync"
  | "renameSync"
  | "unlinkSync"
  | "linkSync"
  | "statSync"
>

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err))

const unique = (target: string, what: string): string =>
  join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.${what}`)

/** Writes `bytes` to a new file beside `target` (a unique name, never an existing file) with `stat`'s mode, owner and group. */
const writeBeside = (fs: Fs, target: string, bytes: Uint8Array, stat: Snapshot): string => {
  for (let attempt = 0; ; attempt++) {
    const tmp = unique(target, "migrating")
    let fd: number
    try {
      fd = fs.openSync(tmp, "wx", stat.mode & 0o7777)
    } catch (err) {
      if ((err as { code?: unknown }).code === "EEXIST" && attempt < 8) continue
      throw err
    }
    try {
      for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at, bytes.length - at)
      fs.fchmodSync(fd, stat.mode & 0o7777)
      const made = fs.fstatSync(fd)
      if (made.uid !== stat.uid || made.gid !== stat.gid) fs.fchownSync(fd, stat.uid, stat.gid)
      fs.fsyncSync(fd)
      fs.closeSync(fd)
    } catch (err) {
      try {
        fs.closeSync(fd)
      } catch {
        // closed already
      }
      fs.unlinkSync(tmp)
      throw err
    }
    return tmp
  }
}

/** A second name for `target` (the same file), or undefined when the file system has no hard links. */
const keepBeside = (fs: Fs, target: string): string | undefined => {
  for (let attempt = 0; attempt < 8; attempt++) {
    const name = unique(target, "original")
    try {
      fs.linkSync(target, name)
      return name
    } catch (err) {
      if ((err as { code?: unknown }).code !== "EEXIST") return undefined
    }
  }
  return undefined
}

const quietly = (f: () => void): void => {
  try {
    f()
  } catch {
    // best effort: a leftover hidden file is named nowhere but harms nothing
  }
}

type Changed = Extract<Planned, { _tag: "Changed" }>

/**
 * Writes every changed file, all or nothing: how many were written (all of them, or 0), and the
 * error that stopped it, if one did (with what was put back). First each new version is written
 * beside its file and each original kept under a second name; then each new version is renamed
 * over its file; if a rename fails, the files renamed before it get their originals back.
 */
export const replaceAll = (
  changed: ReadonlyArray<Changed>,
  fs: Fs = nodeFs
): { readonly done: number; readonly error?: string | undefined } => {
  const staged: Array<{ readonly p: Changed; tmp?: string; original?: string | undefined }> = []
  const clear = (from: number) => {
    for (const s of staged.slice(from)) {
      const { tmp, original } = s
      if (tmp !== undefined) quietly(() => fs.unlinkSync(tmp))
      if (original !== undefined) quietly(() => fs.unlinkSync(original))
    }
  }
  for (const p of changed) {
    const s: { readonly p: Changed; tmp?: string; original?: string | undefined } = { p }
    staged.push(s)
    try {
      const now = fs.statSync(p.target)
      if (
        now.dev !== p.stat.dev ||
        now.ino !== p.stat.ino ||
        now.size !== p.stat.size ||
        now.mtimeMs !== p.stat.mtimeMs
      )
        throw new Error("it changed since it was read; run `bulwark migrate` again")
      s.tmp = writeBeside(fs, p.target, new TextEncoder().encode(p.text), p.stat)
      s.original = keepBeside(fs, p.target)
    } catch (err) {
      clear(0)
      return { done: 0, error: `${p.file}: can't write: ${reason(err)}\nno file was changed` }
    }
  }
  for (let k = 0; k < staged.length; k++) {
    const s = staged[k] as (typeof staged)[number]
    try {
      fs.renameSync(s.tmp as string, s.p.target)
    } catch (err) {
      // put back the files already renamed: their originals are still there under a second name
      const lost: Array<string> = []
      for (const back of staged.slice(0, k)) {
        try {
          if (back.original !== undefined) {
            fs.renameSync(back.original, back.p.target)
            back.original = undefined
          } else fs.renameSync(writeBeside(fs, back.p.target, back.p.original, back.p.stat), back.p.target)
        } catch (again) {
          lost.push(
            `${back.p.file}: could not be put back (${reason(again)})${back.original === undefined ? "" : `; its original is ${back.original}`}`
          )
          back.original = undefined
        }
      }
      clear(k)
      const putBack = k - lost.length
      return {
        done: 0,
        error: [
          `${s.p.file}: can't write: ${reason(err)}`,
          ...lost,
          lost.length === 0
            ? `no file was changed${k === 0 ? "" : ` (the ${k} written before it were put back)`}`
            : `${putBack} of the ${k} files written before it were put back`
        ].join("\n")
      }
    }
  }
  for (const s of staged) {
    const { original } = s
    if (original !== undefined) quietly(() => fs.unlinkSync(original))
  }
  return { done: staged.length }
}
