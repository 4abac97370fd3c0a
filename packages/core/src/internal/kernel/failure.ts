/**
 * A typed error raised deep in the kernel: `fail` throws a `Failure`, and the step machine
 * (`loop.run`, `start`) turns it into a `Failed` step; anything else thrown is a defect.
 *
 * @internal
 */
import type * as Errors from "../../Errors.js"

export class Failure {
  constructor(readonly error: Errors.ResolveError) {}
}

export const fail = (error: Errors.ResolveError): never => {
  throw new Failure(error)
}
