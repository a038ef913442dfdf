# Sources of the TSQ core, relative to c-core/. One file per line:
# other parts of the core append their files here.
set(TSQ_CORE_SOURCES
  src/list.c
  src/rules.c
  src/sock.c
  src/pacing.c
  src/tso.c
  src/cwnd.c
  src/profile.c
  src/ampdu.c
  src/completion.c
  src/rate.c
)
set(TSQ_CORE_HEADERS
  include/tsq/types.h
  include/tsq/rules.h
  include/tsq/sock.h
  include/tsq/pacing.h
  include/tsq/tso.h
  include/tsq/cwnd.h
  include/tsq/profile.h
  include/tsq/tsq.h
  include/tsq/ampdu.h
  include/tsq/completion.h
  include/tsq/rate.h
)
