/**
 * End-to-end: the BUILT playground (apps/playground/dist, served over HTTP on 127.0.0.1) in a
 * real Chromium driven by playwright-core. Resolves MTG-09 — CR 616.1: "the affected object's
 * controller … chooses one to apply" — by clicking the ordering choice on the page:
 * prevent 2 first → (3 − 2) × 2 = 2 dealt; double first → 3 × 2 − 2 = 4 dealt.
 *
 * Needs Debian's chromium at /usr/bin/chromium (browser downloads are not possible here). Without
 * it the test is skipped locally and FAILS in CI (CI=true), where .ci/run installs it.
 * Run after `vite build`: `pnpm exec nx run @bulwark/playground:e2e`.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { dirname, extname, join, normalize, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { Skeleton } from "@bulwark/scenario"
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hangGuardMs } from "../../../tools/vitest.shared.ts"
import { toHash } from "../src/share.ts"

/** Debian's chromium; PLAYGROUND_CHROMIUM overrides the path (e.g. to check the skip message). */
const CHROMIUM = process.env.PLAYGROUND_CHROMIUM ?? "/usr/bin/chromium"
const here = dirname(fileURLToPath(import.meta.url))

/** A text in the current scenario format (`Skeleton.FORMAT`) has that `format:` line. */
const current = new RegExp(`^format: ${Skeleton.FORMAT}$`, "m")
const dist = resolve(here, "../dist")
const screenshotDoc = resolve(here, "../../../docs/images/playground-timeline.png")
const screenshotRun = resolve(here, "../test-results/playground-timeline.png")
const inCI = process.env.CI === "true" || process.env.CI === "1"
const haveChromium = existsSync(CHROMIUM)

if (!haveChromium && !inCI) {
  console.warn(
    `[playground e2e] SKIPPED: ${CHROMIUM} is missing. Install Debian's chromium (apt-get install -y chromium) to run the browser test; in CI it is required.`
  )
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json"
}

/** A tiny static file server for dist/ (what any static host would do). */
const serve = (root: string): Promise<Server> =>
  new Promise((ok) => {
    const server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)
      let file = normalize(join(root, path))
      if (!file.startsWith(root)) {
        res.writeHead(403).end()
        return
      }
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html")
      if (!existsSync(file)) {
        res.writeHead(404).end("not found")
        return
      }
      res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" })
      res.end(readFileSync(file))
    })
    server.listen(0, "127.0.0.1", () => ok(server))
  })

/** The rendered text of an element (Playwright's innerText, not the DOM property). */
// biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
const text = (locator: Locator): Promise<string> => locator.innerText()

describe("prerequisites", () => {
  // counted as a failure in CI's summary line (a failing beforeAll would only skip the tests)
  it.skipIf(!haveChromium && !inCI)("Debian's chromium is installed and the site is built", () => {
    expect(haveChromium, `${CHROMIUM} is required in CI (Debian package chromium; .ci/run installs it)`).toBe(
      true
    )
    expect(existsSync(join(dist, "index.html")), `${dist}/index.html is missing: run vite build first`).toBe(
      true
    )
  })
})

describe.skipIf(!haveChromium)("playground in a real browser", () => {
  let server: Server | undefined
  let context: BrowserContext | undefined
  let page: Page
  let base = ""
  let profile = ""
  const consoleErrors: Array<string> = []

  beforeAll(async () => {
    if (!haveChromium)
      throw new Error(`CI requires ${CHROMIUM} (Debian package chromium); .ci/run installs it`)
    if (!existsSync(join(dist, "index.html")))
      throw new Error(`${dist}/index.html is missing: run vite build first`)
    server = await serve(dist)
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    profile = mkdtempSync(join(tmpdir(), "bulwark-playground-"))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync"
      ],
      viewport: { width: 1440, height: 1000 },
      deviceScaleFactor: 1
    })
    // Playwright's waits are event-driven; their limit is a hang guard, not a speed check
    context.setDefaultTimeout(hangGuardMs / 2)
    page = context.pages()[0] ?? (await context.newPage())
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text())
    })
    page.on("pageerror", (e) => consoleErrors.push(e.message))
  })

  afterAll(async () => {
    await context?.close()
    await new Promise((ok) => (server === undefined ? ok(undefined) : server.close(() => ok(undefined))))
    if (profile !== "") rmSync(profile, { recursive: true, force: true })
  })

  const dealt = async (): Promise<Array<string>> => page.locator('[data-testid^="dealt-"]').allInnerTexts()

  const preventButton = () => page.locator("button.answer", { hasText: /prevent/i })
  const otherButton = () => page.locator("button.answer").filter({ hasNotText: /prevent/i })

  it("loads MTG-09 from the menu and asks the creature's controller to order the effects", async () => {
    await page.goto(`${base}#f=mtg/MTG-01`)
    await page.waitForSelector("body[data-ready]")
    await page.selectOption("#ruleset", "mtg")
    // the mtg package's MTG-09 (named MTG-09.yaml or MTG-09-prevent-first.yaml)
    const keys = await page
      .locator("#scenario option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    const key = keys.find((k) => k === "mtg/MTG-09") ?? keys.find((k) => k === "mtg/MTG-09-prevent-first")
    expect(key, `MTG-09 among ${keys.join(", ")}`).toBeDefined()
    await page.selectOption("#scenario", key as string)
    await page.locator('[data-testid="title"]', { hasText: /MTG-09/ }).waitFor()
    const card = page.locator('[data-testid="decision"]')
    await card.waitFor()
    expect(await text(card)).toMatch(/chooses which effect applies next/)
    // the legal answers: the shield and the doubler, one button each
    expect(await page.locator("button.answer").count()).toBe(2)
    expect(await preventButton().count()).toBe(1)
  })

  it("double first: 4 dealt (6 − 2), and the page says your ruling differs from the file's — not a failure", async () => {
    await otherButton().click()
    await page.locator('[data-testid="outcome"]').waitFor()
    expect(await dealt()).toEqual(["4"])
    // the title states the shield first, (3 − 2) × 2 = 2: the heading must not contradict 4 silently
    expect(await text(page.locator('[data-testid="title-note"]'))).toMatch(/the ruling shown differs/)
    // another legal answer is exploring, not a ✗: "your ruling differs from the file's in N places"
    const box = page.locator('[data-testid="expect"]')
    expect(await box.getAttribute("class")).toBe("expect differs")
    const summary = await text(box.locator("p"))
    expect(summary).not.toContain("✗")
    const n = Number(/Your ruling differs from the file's in (\d+) places/.exec(summary)?.[1])
    expect(n).toBeGreaterThan(6)
    // every difference listed, the file's value beside yours (CR 616.1: 2 with the shield first, 4 now)
    const rows = box.locator('[data-testid="difference"]')
    expect(await rows.count()).toBe(n)
    expect(await rows.first().locator("td").allInnerTexts()).toEqual(["events.e.dealt.Z", "2", "4"])
  })

  it("prevent first, by clicking: 2 dealt ((3 − 2) × 2) and the result matches the scenario", async () => {
    // go back to the ordering decision and make the other choice
    await page.locator(".made button.link").first().click()
    await preventButton().click()
    await page.locator('[data-testid="outcome"]').waitFor()
    expect(await dealt()).toEqual(["2"])
    expect(await text(page.locator('[data-testid="expect"]'))).toMatch(/Matches/)
    expect(await page.locator('[data-testid="title-note"]').count()).toBe(0)
  })

  it("steps back and forth through the timeline, showing amounts before/after and the shield", async () => {
    const rows = page.locator('[data-testid="timeline"] li')
    expect(await rows.count()).toBeGreaterThan(4)
    // the last application in the damage event: the doubler, 1 → 2 after 2 were prevented
    const applied = page.locator('[data-testid="timeline"] li.k-applied')
    await applied.nth(1).click()
    const now = await text(page.locator(".step .now"))
    expect(now).toMatch(/1 → 2/)
    await page.locator('[data-testid="back"]').click()
    await page.locator('[data-testid="forward"]').click()
    expect(await text(page.locator(".step .now"))).toBe(now)
    expect(await text(page.locator(".shields"))).toMatch(/0 of 2 left/)
    expect(await text(page.locator(".bar-row").first())).toMatch(/3 → 2/)
    await page.mouse.move(0, 0)
    mkdirSync(dirname(screenshotRun), { recursive: true })
    await page.screenshot({ path: screenshotRun, fullPage: true })
    // a local run refreshes the README's picture; CI leaves the committed file alone
    if (!inCI) {
      mkdirSync(dirname(screenshotDoc), { recursive: true })
      await page.screenshot({ path: screenshotDoc, fullPage: true })
    }
    expect(statSync(screenshotRun).size).toBeGreaterThan(10_000)
  })

  it("the link keeps the scenario and the choice: opening it shows 2 dealt without asking", async () => {
    await page.waitForFunction(() => location.hash.includes("a="))
    const link = page.url()
    const other = await context!.newPage()
    await other.goto(link)
    await other.waitForSelector('[data-testid="outcome"]')
    expect(await other.locator('[data-testid^="dealt-"]').allInnerTexts()).toEqual(["2"])
    expect(await other.locator('[data-testid="decision"]').count()).toBe(0)
    await other.close()
  })

  it("shows a loader error inline at the offending line", async () => {
    const source = page.locator("#source")
    const yaml = await source.inputValue()
    const broken = yaml.replace(/kind: shield/, "kind: sheild")
    expect(broken).not.toBe(yaml)
    await source.fill(broken)
    const line = broken.split("\n").findIndex((l) => l.includes("sheild")) + 1
    const marked = page.locator(`#overlay .line.err[data-line="${line}"]`)
    await marked.waitFor()
    expect(await text(marked.locator(".lens"))).not.toBe("")
    expect(await text(page.locator('[data-testid="problem"]').first())).toContain(`line ${line}`)
    // one mistake, one problem (issue 16, point 3)
    expect(await page.locator('[data-testid="problem"]').count()).toBe(1)
    expect(consoleErrors).toEqual([])
  })

  it("every ruleset's bundled scenarios are in the current format and open without a problem", async () => {
    const ids = await page
      .locator("#ruleset option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    expect(ids).toEqual(["mtg", "riftbound", "berserk", "fab"])
    for (const id of ids) {
      await page.selectOption("#ruleset", id)
      // the ruleset and its files load when chosen: wait for its first scenario's text
      await page.waitForFunction(
        (rid) => (document.querySelector("#source") as HTMLTextAreaElement).value.includes(`ruleset: ${rid}`),
        id
      )
      await page.locator('[data-testid="title"]').waitFor()
      expect(await page.locator("#source").inputValue(), id).toMatch(current)
      expect(await page.locator('[data-testid="problem"]').count(), id).toBe(0)
    }
  })

  /**
   * MTG-09 as a format-1 file had it (before scenario format 2): CR 616.1, NAP applies the
   * shield first, (3 − 2) × 2 = 2. Users have share links holding such texts.
   */
  const format1 = `# a link made before format 2
ruleset: mtg
title: "MTG-09 in format 1"
players: [ap, nap]
activePlayer: ap
objects:
  - { id: z, controller: nap, types: [Creature], power: 5, toughness: 5 }
  - { id: bolt, controller: ap, zone: stack, types: [Instant], colors: [red] }
effects:
  - { kind: shield, id: prevent-2, controller: nap, to: z, amount: 2 }
  - { kind: double, id: double, controller: ap, to: { types: [Creature] } }
steps:
  - event:
      id: hit
      damage: [{ id: d, source: bolt, to: z, amount: 3 }]
decisions: [prevent-2]
expect:
  events:
    hit:
      dealt: { z: 2 }
`

  it("a share link holding a format-1 scenario opens rewritten in the current format, and says so", async () => {
    const other = await context!.newPage()
    const link = `${base}#${await toHash({ text: format1, answers: [], mode: "script" })}`
    await other.goto(link)
    await other.waitForSelector("body[data-ready]")
    expect(await text(other.locator('[data-testid="migrated-note"]'))).toMatch(
      new RegExp(`written in scenario format 1; it was rewritten in format ${Skeleton.FORMAT}\\b`)
    )
    const source = await other.locator("#source").inputValue()
    expect(source).toMatch(current)
    expect(source).toContain("# a link made before format 2")
    await other.waitForSelector('[data-testid="outcome"]')
    expect(await other.locator('[data-testid^="dealt-"]').allInnerTexts()).toEqual(["2"])
    expect(await other.locator('[data-testid="problem"]').count()).toBe(0)
    // the address bar now holds the migrated text
    await other.waitForFunction((old) => location.href !== old, link)
    await other.close()
  })

  it("a format-1 text pasted into the editor is one clear problem, and one click rewrites it", async () => {
    await page.locator("#source").fill(format1)
    const problem = page.locator('[data-testid="problem"]')
    await problem.filter({ hasText: /scenario format 1/ }).waitFor()
    expect(await problem.count()).toBe(1)
    expect(await text(problem.first())).toMatch(/bulwark migrate/)
    await page.locator('[data-testid="migrate"]').click()
    await page.locator('[data-testid="migrated-note"]').waitFor()
    expect(await page.locator("#source").inputValue()).toMatch(current)
    expect(await page.locator('[data-testid="problem"]').count()).toBe(0)
    expect(consoleErrors).toEqual([])
  })

  /** Opens a bundled scenario by its key from a fresh load of the page. */
  const open = async (key: string): Promise<void> => {
    // a new document (a hash-only change of the same URL would not load the page again)
    await page.goto("about:blank")
    await page.goto(`${base}#${await toHash({ file: key, answers: [], mode: "script" })}`)
    await page.waitForSelector("body[data-ready]")
  }

  /**
   * An edit is the player's own ruling too. MTG-09 with the shield made 3: (3 − 3) × 2 = 0 dealt
   * to Z — the outcome leaves Z out, and the difference says 0, not "(missing)".
   */
  it("an edit: your ruling differs from the file's, and nothing dealt is shown as 0", async () => {
    const showcase = "mtg/MTG-09-prevent-first"
    await open(showcase)
    const source = page.locator("#source")
    const yaml = await source.inputValue()
    const edited = yaml.replace(/amount: 2\b/, "amount: 3")
    expect(edited).not.toBe(yaml)
    await source.fill(edited)
    const diff = page.locator('[data-testid="difference"]', { hasText: "events.e.dealt.Z" })
    await diff.waitFor()
    expect(await diff.locator("td").allInnerTexts()).toEqual(["events.e.dealt.Z", "2", "0"])
    expect(await text(page.locator('[data-testid="expect"]'))).not.toContain("(missing)")
    expect(await page.locator(".expect.bad").count()).toBe(0)
  })

  /**
   * Riftbound 826.3 (RB-X1): Backline "must be assigned lethal damage after any other unit …".
   * The query's answer is a table (legal: false, the violated rule and unit), not raw JSON.
   */
  it("a query's answer is a table, not raw JSON", async () => {
    await open("riftbound/RB-X1-tank-backline")
    const query = page.locator('[data-testid="timeline"] [data-testid="query"]', {
      hasText: "backlineBeforePlain"
    })
    await query.waitFor()
    const table = query.locator("table.qtable").first()
    expect(await table.locator("th").allInnerTexts()).toEqual(expect.arrayContaining(["legal", "violations"]))
    expect(await text(query)).not.toMatch(/[{}]/)
    expect(await text(query)).toMatch(/826\.3/)
  })

  /**
   * CR 702.16e: protection from red prevents the damage red sources would deal. That prevention
   * effect is made by the rule, not a card the file wrote: the page labels it so.
   */
  it("an effect made by a rule is labelled as such, a written one is not", async () => {
    await open("mtg/MTG-12-ordered-double-first")
    const candidates = page.locator('[data-testid="timeline"] li.k-candidates').first()
    await candidates.click()
    const made = page.locator(".step .cands li", { hasText: "P:protection:colors:red" })
    expect(await text(made.locator('[data-testid="made-by-rule"]'))).toBe("made by rule MTG CR 702.16e")
    const written = page.locator(".step .cands li").filter({ hasNotText: "protection" })
    expect(await written.count()).toBeGreaterThan(0)
    expect(await written.locator('[data-testid="made-by-rule"]').count()).toBe(0)
  })

  /**
   * The bundle is split (vite.config.ts): the first page loads the engine and the one ruleset
   * its scenario names with that ruleset's files — not the 709 kB single chunk every page loaded
   * before, nor the other rulesets. Bytes, not time.
   */
  it("the first page loads less than 709 kB of JavaScript, and only the ruleset it shows", async () => {
    const other = await context!.newPage()
    const scripts: Array<{ url: string; bytes: number }> = []
    other.on("response", async (r) => {
      if (r.url().endsWith(".js")) scripts.push({ url: r.url(), bytes: (await r.body()).length })
    })
    await other.goto(base)
    await other.waitForSelector('[data-testid="decision"]')
    await other.waitForLoadState("networkidle")
    const total = scripts.reduce((n, s) => n + s.bytes, 0)
    expect(total).toBeGreaterThan(100_000)
    expect(total).toBeLessThan(709_000)
    const names = scripts.map((s) => s.url.split("/").at(-1) ?? "")
    expect(names.some((n) => n.startsWith("ruleset-mtg-"))).toBe(true)
    for (const id of ["riftbound", "berserk", "fab"])
      expect(
        names.filter((n) => n.includes(`-${id}-`)),
        id
      ).toEqual([])
    console.log(`[playground e2e] first page: ${names.length} scripts, ${total} bytes`)
    await other.close()
    expect(consoleErrors).toEqual([])
  })
})
