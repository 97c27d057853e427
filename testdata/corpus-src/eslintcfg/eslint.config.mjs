// ESLint's recommended rules and a few stricter ones, for linting the
// sources of packages copied next to this file.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "commonjs",
      globals: { ...globals.node },
    },
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "warn",
      "no-unused-vars": ["warn", { args: "after-used" }],
      "no-prototype-builtins": "warn",
    },
  },
];
