// Type-aware linting of the package, its tests and examples (not of sdks/: generated from the schema).
const tseslint = require("typescript-eslint");

module.exports = tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "**/*.js", "scripts/language-host/**", "tests/fixtures/**", "tests/types/baseline/**", "sdks/**"] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The console's browser script has its own (DOM, ES modules).
      parserOptions: { project: ["./tests/tsconfig.json", "./emulator/console/client/tsconfig.json"], tsconfigRootDir: __dirname },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/require-await": "off",
      // A file past 300 lines is split where its code divides (DEVELOPERS.md).
      "max-lines": ["error", { max: 300 }],
    },
  },
  {
    // Written by scripts/generate.ts from the declarations: their length is the declarations'.
    files: ["sdk/*/*.ts", "provider/apis.ts", "provider/declarations.ts", "emulator/apis/index.ts"],
    ignores: ["sdk/internal/**"],
    rules: { "max-lines": "off" },
  },
  {
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off", "@typescript-eslint/unbound-method": "off" },
  },
);
