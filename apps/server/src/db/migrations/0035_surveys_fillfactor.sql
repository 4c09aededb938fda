-- A survey's row is updated several times (sent, opened, each save, completed). With full pages an
-- update must put the new row on another page and add it to every one of the table's dozen
-- indexes; with room left on the page it stays there (a heap-only tuple) and no index changes.
-- Pages written from now on keep 15% free (existing pages change as they are rewritten).
ALTER TABLE "surveys" SET (fillfactor = 85);
