CREATE VIRTUAL TABLE `chef_search` USING fts5(`uri`, `display_location`, content='chefs', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `chefs_insert_search` AFTER INSERT ON `chefs` BEGIN INSERT INTO `chef_search` (`rowid`, `uri`, `display_location`) VALUES (new.`id`, new.`uri`, new.`display_location`); END;
--> statement-breakpoint
CREATE TRIGGER `chefs_delete_search` AFTER DELETE ON `chefs` BEGIN INSERT INTO `chef_search` (`chef_search`, `rowid`, `uri`, `display_location`) VALUES ('delete', old.`id`, old.`uri`, old.`display_location`); END;
--> statement-breakpoint
CREATE TRIGGER `chefs_update_search` AFTER UPDATE OF `uri`, `display_location` ON `chefs` BEGIN INSERT INTO `chef_search` (`chef_search`, `rowid`, `uri`, `display_location`) VALUES ('delete', old.`id`, old.`uri`, old.`display_location`); INSERT INTO `chef_search` (`rowid`, `uri`, `display_location`) VALUES (new.`id`, new.`uri`, new.`display_location`); END;
--> statement-breakpoint
INSERT INTO `chef_search` (`chef_search`) VALUES ('rebuild');
