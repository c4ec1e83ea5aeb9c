-- 'module' keyword without a module name
module = { def x = 1 }

def after = 19
