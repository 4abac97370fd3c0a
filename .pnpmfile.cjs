// pnpm hooks for this workspace.
//
// beforePacking: a packed (and so a published) package.json keeps no devDependencies. They are
// what the workspace needs to build and test the package (the private @bulwark/testing among
// them, which is on no registry); a consumer installs none of them, and a manifest naming a
// private package is not one we publish. tools/publint.mjs checks each packed manifest.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.devDependencies
      return pkg
    }
  }
}
