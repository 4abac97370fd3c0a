export * as Demo from "./demo.js"
export * as Explain from "./explain.js"
