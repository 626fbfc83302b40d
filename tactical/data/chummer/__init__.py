"""Chummer (chummer5a) save files, `.chum5` (issue 29): read hostile-safe (`xmltree`), turned
into a roster entry and its gear (`sheet`, `convert`), and the condition monitors written
back byte for byte (`writeback`). See docs/campaign.md."""
