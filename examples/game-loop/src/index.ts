export * as Game from "./game.js"
export * as Loop from "./loop.js"
export * as Main from "./main.js"
