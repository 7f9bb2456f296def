/**
 * The seeds' own layouts as test data, shared by the unit, CLI and page tests (docs/skill-format.md):
 * seed 001's tool folder (`<name>/schema.json` + `main.py` with `execute(params)`, no SKILL.md; the
 * schema is section 2.1's execute_sql, main.py follows section 3.1's `execute` shape) and seed 004's
 * SKILL.md with the `parameters` shorthand beside `skill.py` + `tool.py`.
 */

/** Seed 001, section 2.1: execute_sql's schema.json (the article prints it without quotes; here as the JSON it is). */
export const SEED_001_SCHEMA = JSON.stringify(
  {
    name: 'execute_sql',
    description: '在指定的业务数据库上执行只读 SQL 查询。仅适用于数据查询场景，禁止执行写入操作。',
    parameters: {
      type: 'object',
      properties: {
        sql: { type: 'string', description: '完整的 SQL 查询语句，必须为 SELECT 开头', pattern: '^SELECT\\s.*' },
        db_name: { type: 'string', enum: ['orders', 'users', 'inventory'], description: '要查询的目标数据库名称' },
        limit: { type: 'integer', default: 100, minimum: 1, maximum: 5000, description: '返回结果的最大行数' },
      },
      required: ['sql', 'db_name'],
    },
  },
  null,
  2,
)

/** A main.py in seed 001's shape (section 3.1: `def execute(params)`, returning data and a user_message, section 5.3). */
export const SEED_001_MAIN = `import json


def execute(params):
    sql = params.get("sql")
    if not sql:
        raise ValueError("缺少 sql 参数")
    limit = params.get("limit", 100)
    print("running", json.dumps(sql))
    return {
        "user_message": f"在 {params['db_name']} 上执行了查询（最多 {limit} 行）",
        "data": {"sql": sql, "db_name": params["db_name"], "limit": limit},
    }
`

/** Seed 004, section 三 / 五: skills/add_calc/SKILL.md, skill.py and tool.py (tool.py's add as section 五 calls it). */
export const SEED_004 = {
  'add_calc/SKILL.md': `---
name: add-calc
description: >
  当用户需要对两个或多个数字进行加法计算时使用。
parameters:
  numbers:
    type: array
    items: number
    description: 需要相加的数字列表
  required: [numbers]
---
用于执行基础的加法运算。
`,
  'add_calc/skill.py': `from .tool import add
def run(args: dict):
    numbers = args["numbers"]
    return {
        "numbers": numbers,
        "result": add(numbers)
    }
`,
  'add_calc/tool.py': 'def add(numbers):\n    return sum(numbers)\n',
}

/** The JSON Schema seed 004's `parameters` shorthand means. */
export const SEED_004_PARAMETERS = {
  type: 'object',
  properties: { numbers: { type: 'array', items: { type: 'number' }, description: '需要相加的数字列表' } },
  required: ['numbers'],
}
