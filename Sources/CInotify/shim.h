// Linux's inotify: the preview watches the scene's files with it.
#include <sys/inotify.h>
