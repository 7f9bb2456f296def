/**
 * A stand-in for a folder of public SKILL.md skills (the 466 of issue 36: anthropics/skills,
 * openai/skills, K-Dense-AI's scientific skills, …), generated so tests and the bench need no
 * download: the public format's frontmatter in the styles those repositories use (a long quoted
 * description, a folded one, a plain one; license, allowed-tools, a nested metadata map), bodies
 * of a few to thirty kilobytes (the public ones' median is about eleven), and in some skills a
 * reference file and a script, as public skills bundle them. Deterministic.
 */
export interface GeneratedFile {
  path: string
  text: string
}

const TOPICS = [
  'PDF forms',
  'spreadsheets',
  'protein assays',
  'slide decks',
  'CI failures',
  'MCP servers',
  'frontend design',
  '单细胞测序',
  '财务报表',
  'git history',
]

function paragraph(i: number, n: number): string {
  const topic = TOPICS[(i + n) % TOPICS.length] ?? ''
  return `When the user works with ${topic}, read the request first, then follow the steps below. Step ${n} checks the input, names what is missing and asks once; it never guesses a value the user did not give. 处理${topic}时先确认输入，再按步骤执行。`
}

function body(i: number): string {
  // 2 KB to about 30 KB, most near 10 KB.
  const sections = 2 + ((i * 7) % 13) + (i % 17 === 0 ? 16 : 0)
  const parts = [`# Skill ${i}\n`]
  for (let s = 0; s < sections; s++) {
    parts.push(`\n## Step ${s + 1}\n\n${paragraph(i, s)}\n\n${paragraph(i, s + 1)}\n`)
    parts.push('\n```python\n' + `def step_${s}(data):\n    return [row for row in data if row.get("ok")]\n` + '```\n')
    parts.push(`\n- Check ${s}a\n- Check ${s}b\n- Check ${s}c\n`)
  }
  return parts.join('')
}

function frontmatter(i: number, name: string): string {
  const topic = TOPICS[i % TOPICS.length] ?? ''
  const description = `Work with ${topic}: read, create and check them. Use this skill whenever the user mentions ${topic}, asks to fill, merge or validate them, or shares a file of that kind; also when code imports a library for them.`
  switch (i % 4) {
    case 0:
      return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\nlicense: Apache-2.0\n---\n`
    case 1:
      return `---\nname: ${name}\ndescription: >\n  ${description.replace(/, /g, ',\n  ')}\nallowed-tools:\n  - Read\n  - Write\n  - Bash\n---\n`
    case 2:
      return `---\nname: ${name}\ndescription: ${description.replace(/: /g, ' - ')}\nlicense: Proprietary. LICENSE.txt has complete terms\n---\n`
    default:
      return `---\nname: ${name}\ndescription: |-\n  ${description}\n\n  Not for other file types.\nmetadata:\n  short-description: ${topic}\n  version: "1.${i % 9}"\n---\n`
  }
}

/** `count` public-style skills: `<name>/SKILL.md` and some bundled files, paths relative to the skills folder. */
export function publicStyleSkills(count: number): GeneratedFile[] {
  const files: GeneratedFile[] = []
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(4, '0')}`
    files.push({ path: `${name}/SKILL.md`, text: frontmatter(i, name) + body(i) })
    if (i % 3 === 0) files.push({ path: `${name}/references/guide.md`, text: `# Reference for ${name}\n\n${body(i + 5)}` })
    if (i % 4 === 0)
      files.push({
        path: `${name}/scripts/check.py`,
        text: `"""Checks the input of ${name}."""\nimport json\nimport sys\n\n\ndef main():\n    data = json.load(sys.stdin)\n    print(json.dumps({"ok": bool(data)}))\n\n\nif __name__ == "__main__":\n    main()\n`,
      })
  }
  return files
}
