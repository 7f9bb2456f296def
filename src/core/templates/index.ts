export { blankSkillText, SKILL_TEMPLATES } from './skillTemplates'
export type { SkillTemplate, TemplateCase, TemplateVariant } from './skillTemplates'
