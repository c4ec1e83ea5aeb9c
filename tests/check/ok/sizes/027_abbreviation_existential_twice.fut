-- Each use of an abbreviation with an existential size has a size of its
-- own.
-- ==
type~ run = ?[len].[len]i32
def two_runs : (run, run) = (replicate 2 0, replicate 5 1)
