export { AGENT_SKILLS_FIELDS, parseSkill, defaultSkillName, KNOWN_FIELDS } from './parseSkill'
export { loadWorkspace, isSkillPath, reloadWorkspace } from './loadWorkspace'
export { changedFiles } from './changedFiles'
export type { Workspace, SkillParser } from './loadWorkspace'
export { SKILL_DEFAULTS } from './types'
export type { Diagnostic, EntryMode, JsonSchema, Severity, Skill, SkillFile, SkillToolDeclaration } from './types'
export { addTriggerKeywords, setSkillBody, setSkillField, setSkillName } from './editSkillText'
export type { FormField } from './editSkillText'
export { editYamlList, locateListItems, locateYamlStrings, parseYamlText, setFrontmatterValue, splitSkillFile } from '../yaml'
export { parseYamlTextInSteps } from './parseYamlTextInSteps'
export type { FieldLocation, ParsedYaml, SplitSkillFile, Span, YamlListEdit, YamlListItem, YamlString } from '../yaml'
export { FIELD_DOCS } from './fieldDocs'
export {
  checkSkillName,
  isLeftAlone,
  pathForName,
  placeIncoming,
  placeIncomingInSteps,
  skillFolderFiles,
  slugSkillName,
  uniqueSkillName,
} from './workspacePaths'
export type { NameCheck, Placement } from './workspacePaths'
export { splitKeywordList } from './splitKeywordList'
export { keywordsToAdd } from './keywordsToAdd'
export { describeOrigins, isLeftAlonePath, isRepository, isRootDocument, SKILL_FOLDERS, skillOrigin, skillOrigins } from './skillFolders'
export type { OriginCount, SkillFolder } from './skillFolders'
export { isToolSchemaPath, isToolSkillPath, parseToolSchema, toolSkillPaths } from './toolFolderSkill'
export { isParametersShorthand, parametersYaml, readParameters } from './parametersSchema'
export type { ReadParameters } from './parametersSchema'
export {
  CODE_ENTRIES,
  codeFilesByFolder,
  belongsToCode,
  codeOwnerOf,
  codeToolName,
  folderOf,
  isCodeFile,
  MAX_CODE_FILE_CHARS,
  readSchemaFile,
  SCHEMA_FILE,
  skillCodeOf,
  skillFolderOf,
  starterSkillCode,
  workspaceCode,
} from './skillCode'
export type { SkillCode } from './skillCode'
