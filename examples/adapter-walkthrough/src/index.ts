export * as Duel from "./Duel.js"
