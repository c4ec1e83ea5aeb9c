-- | ignore

def scratch_only (x: i32) : i32 = x
