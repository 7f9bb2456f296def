"""The seed's keyword router (seed article 000, `SkillRegistry.match`), as the article writes it:
regex frontmatter (flow lists, and block lists as in the article's own example skill), substring
matching, covered characters / length, x1.3 for two keywords, threshold 0.3. `npm run bench`
times it beside the CLI on the same skills and utterances.

Usage: python3 scripts/seedRouter.py <skills dir> [--time] < utterances (one per line)
--time prints how long loading and routing took, as JSON on standard error.
"""
import json
import os
import re
import sys
import time

_FM_RE = re.compile(r"^---\s*\n(.*?)\n---\s*\n(.*)$", re.DOTALL)


def _parse_frontmatter(text):
    meta = {}
    key = None
    for line in text.splitlines():
        # The article's own example (skills/example_plan.md) lists its keywords one per line:
        # `trigger_keywords:` and then `  - 规划` lines.
        item = line.strip()
        if item.startswith("- ") and isinstance(meta.get(key), list):
            meta[key].append(item[2:].strip().strip("\"'"))
            continue
        if ":" not in line or line.startswith(" "):
            continue
        key, value = line.split(":", 1)
        key, value = key.strip(), value.strip()
        if value == "":
            meta[key] = []
        elif value.startswith("[") and value.endswith("]"):
            meta[key] = [item.strip() for item in value[1:-1].split(",") if item.strip()]
        else:
            meta[key] = value
    return meta


def load(directory):
    skills = []
    for root, _dirs, files in sorted(os.walk(directory)):
        for name in files:
            if name != "SKILL.md":
                continue
            with open(os.path.join(root, name), encoding="utf-8") as handle:
                match = _FM_RE.match(handle.read())
            if match:
                meta = _parse_frontmatter(match.group(1))
                skills.append((meta.get("name", ""), tuple(meta.get("trigger_keywords", []))))
    return skills


def match(skills, user_input):
    best_score, best_skill = 0.0, None
    user_lower = user_input.lower()
    input_len = max(len(user_input), 1)
    for name, keywords in skills:
        matched = [kw for kw in keywords if kw and kw.lower() in user_lower]
        if not matched:
            continue
        covered = set()
        for keyword in matched:
            start = 0
            while True:
                found = user_lower.find(keyword.lower(), start)
                if found < 0:
                    break
                covered.update(range(found, found + len(keyword)))
                start = found + 1
        score = len(covered) / input_len
        if len(set(matched)) >= 2:
            score *= 1.3
        if score > best_score and score > 0.3:
            best_score, best_skill = score, name
    return best_skill, best_score


if __name__ == "__main__":
    started = time.perf_counter()
    registry = load(sys.argv[1])
    loaded = time.perf_counter()
    for line in sys.stdin.read().splitlines():
        print(match(registry, line))
    routed = time.perf_counter()
    if "--time" in sys.argv:
        sys.stderr.write(json.dumps({"load": (loaded - started) * 1000, "route": (routed - loaded) * 1000}))
