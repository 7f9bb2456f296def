export { blankSkillText, SKILL_TEMPLATES, templateEvalDrafts } from './skillTemplates'
export type { SkillTemplate, TemplateCase, TemplateEval, TemplateVariant } from './skillTemplates'
