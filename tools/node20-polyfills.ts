/**
 * vitest 5 (engines ^22.12) uses these in its main process: `Map.groupBy` when printing failed
 * tests, `Object.groupBy` when writing snapshots, `Promise.withResolvers` in watch mode. Node 20
 * lacks them, and without this file a failing test prints only "Map.groupBy is not a function".
 *
 * Import this first in every `vitest.config.ts`. It is a no-op on Node >= 22.
 */
const M = Map as unknown as { groupBy?: unknown }
if (typeof M.groupBy !== "function") {
  M.groupBy = <T, K>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const out = new Map<K, Array<T>>()
    let i = 0
    for (const item of items) {
      const k = key(item, i++)
      const bucket = out.get(k)
      if (bucket) bucket.push(item)
      else out.set(k, [item])
    }
    return out
  }
}

const O = Object as unknown as { groupBy?: unknown }
if (typeof O.groupBy !== "function") {
  O.groupBy = <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => {
    const out = Object.create(null) as Record<PropertyKey, Array<T>>
    let i = 0
    for (const item of items) {
      const k = key(item, i++)
      const bucket = out[k]
      if (bucket) bucket.push(item)
      else out[k] = [item]
    }
    return out
  }
}

const P = Promise as unknown as { withResolvers?: unknown }
if (typeof P.withResolvers !== "function") {
  P.withResolvers = <T>() => {
    let resolve!: (value: T | PromiseLike<T>) => void
    let reject!: (reason?: unknown) => void
    const promise = new Promise<T>((res, rej) => {
      resolve = res
      reject = rej
    })
    return { promise, resolve, reject }
  }
}

export {}
