/**
 * Prints the CHANGELOG.md section of package.json's version: the release notes of the forge's
 * release page (.github/workflows/release.yml).
 *
 *   ts-node scripts/release/notes.ts
 */
import { packageInfo } from "../generator/packageInfo";
import { changelogSection } from "./main";

console.log(changelogSection(packageInfo().version));
