/**
 * A tiny DOM builder: the page is small enough that plain DOM calls, wrapped in one helper, beat
 * a UI framework dependency (nothing to learn, nothing to update, ~20 lines).
 */

/** A child of {@link h}: a node, text, or nothing (skipped); arrays are flattened. */
export type Child = Node | string | number | false | null | undefined | ReadonlyArray<Child>

/** Attributes of {@link h}: `class`, `data-*`, `aria-*`, any attribute; `on<event>` handlers. */
export type Attrs = Record<string, string | number | boolean | undefined | ((ev: Event) => void)>

const append = (el: Node, child: Child): void => {
  if (child === false || child === null || child === undefined) return
  if (Array.isArray(child)) for (const c of child) append(el, c)
  else if (child instanceof Node) el.appendChild(child)
  else el.appendChild(document.createTextNode(String(child)))
}

/** Creates an element: `h("button", { class: "primary", onclick: go }, "Go")`. */
export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Child>
): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue
    if (typeof v === "function") el.addEventListener(k.slice(2), v)
    else if (v === true) el.setAttribute(k, "")
    else el.setAttribute(k, String(v))
  }
  append(el, children)
  return el
}

/** Replaces the children of an element. */
export const mount = (el: Element, ...children: Array<Child>): void => {
  el.replaceChildren()
  append(el, children)
}

/** The element with this id (throws if the page lacks it). */
export const byId = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id)
  if (el === null) throw new Error(`#${id} is missing from the page`)
  return el as T
}
