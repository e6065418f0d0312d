CREATE VIRTUAL TABLE `user_search` USING fts5(`firstname`, `lastname`, `email`, content='users', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `users_insert_search` AFTER INSERT ON `users` BEGIN INSERT INTO `user_search` (`rowid`, `firstname`, `lastname`, `email`) VALUES (new.`id`, new.`firstname`, new.`lastname`, new.`email`); END;
--> statement-breakpoint
CREATE TRIGGER `users_delete_search` AFTER DELETE ON `users` BEGIN INSERT INTO `user_search` (`user_search`, `rowid`, `firstname`, `lastname`, `email`) VALUES ('delete', old.`id`, old.`firstname`, old.`lastname`, old.`email`); END;
--> statement-breakpoint
CREATE TRIGGER `users_update_search` AFTER UPDATE OF `firstname`, `lastname`, `email` ON `users` BEGIN INSERT INTO `user_search` (`user_search`, `rowid`, `firstname`, `lastname`, `email`) VALUES ('delete', old.`id`, old.`firstname`, old.`lastname`, old.`email`); INSERT INTO `user_search` (`rowid`, `firstname`, `lastname`, `email`) VALUES (new.`id`, new.`firstname`, new.`lastname`, new.`email`); END;
--> statement-breakpoint
INSERT INTO `user_search` (`user_search`) VALUES ('rebuild');
