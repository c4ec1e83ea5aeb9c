-- A polymorphic function applied to a fresh value.
-- ==

def pass 't (x: t) : t = x

def main (n: i64) : []i64 = pass (iota n) with [0] = 1
