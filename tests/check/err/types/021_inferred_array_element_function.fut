-- A parameter of inferred type put in an array is not lifted: it may
-- not be given a function.
-- ==
-- error: functional
def singleton v = [v]

def main = singleton (\(b: bool) -> !b)
