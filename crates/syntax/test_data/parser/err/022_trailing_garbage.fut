-- trailing tokens after a complete declaration
def complete = 1 ) ] }

def after = 22
