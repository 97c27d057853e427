// headroom plugin for opencode: routes the bash tool's long-output commands
// (tests, builds, searches, diffs, logs) through `headroom run --`, which
// keeps their output short and exits with their status.
//
// Installed by `headroom init opencode`, removed by `headroom init opencode
// --uninstall`. Which commands are rewritten is decided by `headroom hook
// opencode`, the same rules as for the other agents: interactive commands,
// pipes, redirections, lists and commands your permission rules deny or ask
// about are left alone. If headroom is missing or fails, the command runs
// unchanged. HEADROOM_DISABLE=1 turns it off.
//
// Plugin API: https://opencode.ai/docs/plugins/ (tool.execute.before may
// change output.args before the tool runs).
import { spawn } from "node:child_process"

function ask(payload) {
  return new Promise((resolve) => {
    let out = ""
    let child
    try {
      child = spawn("headroom", ["hook", "opencode"], { stdio: ["pipe", "pipe", "ignore"] })
    } catch {
      return resolve("")
    }
    child.on("error", () => resolve(""))
    child.stdout.on("data", (chunk) => (out += chunk))
    child.on("close", (code) => resolve(code === 0 ? out : ""))
    child.stdin.on("error", () => {})
    child.stdin.end(JSON.stringify(payload))
  })
}

export const HeadroomPlugin = async ({ directory }) => {
  return {
    "tool.execute.before": async (input, output) => {
      if (input.tool !== "bash" || typeof output.args?.command !== "string") return
      if (process.env.HEADROOM_DISABLE === "1") return
      const reply = await ask({ tool: input.tool, args: output.args, directory })
      if (!reply.trim()) return
      try {
        const { command } = JSON.parse(reply)
        if (typeof command === "string" && command) output.args.command = command
      } catch {
        // Not headroom's answer: leave the command as it is.
      }
    },
  }
}
