import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FILE_TYPES } from '../../domain/files/types.ts'
import { xsdOf } from './layout.ts'
import { LAYOUTS, XSD_DOCUMENTATION, XSD_FILE } from './layouts.ts'

/** Writes register/export/{svn,ivav,ae}.xsd from the layouts (a test checks they are up to date). */
const here = path.dirname(fileURLToPath(import.meta.url))
for (const type of FILE_TYPES) {
  writeFileSync(path.join(here, XSD_FILE[type]), xsdOf(LAYOUTS[type], XSD_DOCUMENTATION[type]))
  console.log(`wrote register/export/${XSD_FILE[type]}`)
}
