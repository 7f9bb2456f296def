/**
 * The one owner of the yaml library and of gray-matter (eslint.config.js): splitting a SKILL.md
 * into frontmatter and body, reading YAML, and editing YAML text in place. See docs/architecture.md.
 */
export { editYamlList } from './editYamlList'
export type { YamlListEdit } from './editYamlList'
export { isCircular } from './isCircular'
export { locateListItems } from './locateListItems'
export type { YamlListItem } from './locateListItems'
export { locateYamlStrings } from './locateYamlStrings'
export type { YamlString } from './locateYamlStrings'
export { parseYamlText } from './parseYamlText'
export type { ParsedYaml } from './parseYamlText'
export { setFrontmatterValue } from './setFrontmatterValue'
export { splitSkillFile } from './splitSkillFile'
export type { SplitSkillFile } from './splitSkillFile'
export type { FieldLocation, FrontmatterProblem, OutsideStrictYaml, Span } from './types'
export { MAX_FRONTMATTER_CHARS, MAX_FRONTMATTER_LINES, MAX_NESTING, withinYamlLimits } from './yamlLimits'
