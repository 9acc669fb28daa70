"""Rule citations in chat: the linker, message formatting, Discord and Slack endpoints."""
