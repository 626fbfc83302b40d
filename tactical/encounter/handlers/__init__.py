"""The engine's command handlers: each turns one kind of command into events (`engine.decide`
dispatches to them through `engine.HANDLERS`)."""
