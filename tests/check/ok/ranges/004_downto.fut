-- A downward exclusive range.
-- ==
def countdown (n: i64) = n..>0
def by_twos (n: i64) = n..n-2..>0
