#include <stddef.h>
#include <node_api.h>
#include <simdcsv/tokenizer.h>

static napi_value tokenize(napi_env env, napi_callback_info info)
{
    size_t argc = 1;
    napi_value argv[1];
    napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
    return simdcsv_tokenize(env, argv[0]);
}

NAPI_MODULE_INIT()
{
    napi_value fn;
    napi_create_function(env, "tokenize", NAPI_AUTO_LENGTH, tokenize, NULL, &fn);
    return fn;
}
