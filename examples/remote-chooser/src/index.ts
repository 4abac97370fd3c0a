export * as Demo from "./demo.js"
export * as RemoteChooser from "./RemoteChooser.js"
